/**
 * AWS SDK client settings. On AWS the SDK finds region and credentials itself; locally the start script sets
 * *_ENDPOINT variables pointing at the API-compatible servers. They accept fixed development credentials
 * (s3rver only its own pair).
 */
const LOCAL_CREDENTIALS: Record<string, { accessKeyId: string; secretAccessKey: string }> = {
  S3_ENDPOINT: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
};

export function localServiceConfig(endpointVariable: string) {
  const endpoint = process.env[endpointVariable];
  const region = process.env.AWS_REGION ?? 'eu-west-1';
  if (!endpoint) return { region };
  return {
    region,
    endpoint,
    credentials: LOCAL_CREDENTIALS[endpointVariable] ?? { accessKeyId: 'local', secretAccessKey: 'local' },
    ...(endpointVariable === 'S3_ENDPOINT' ? { forcePathStyle: true } : {}),
  };
}
