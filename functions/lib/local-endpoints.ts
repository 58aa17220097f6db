/**
 * AWS SDK client settings. On AWS the SDK finds region and credentials itself; locally the start script sets
 * *_ENDPOINT variables pointing at the API-compatible servers, which accept any static credentials.
 */
export function localServiceConfig(endpointVariable: string) {
  const endpoint = process.env[endpointVariable];
  const region = process.env.AWS_REGION ?? 'eu-west-1';
  if (!endpoint) return { region };
  return {
    region,
    endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  };
}
