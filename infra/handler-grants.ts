import type { HandlerModule } from '../shared/routes';

/**
 * Least privilege: what each Lambda may do, declared once per function. HandlerFunction and the
 * stacks grant from here and nothing else; test/infra/handler-grants.test.ts checks that each synthesized role
 * holds exactly this and that this is exactly what the function's code can reach (its AWS SDK commands).
 */

/** Pieces of the data stack's access, one managed policy each (infra/stacks/data-stack.ts). */
export type DataGrant =
  /** GetItem, BatchGetItem, Query on the table and its indexes. */
  | 'table-read'
  /** table-read plus PutItem, UpdateItem, DeleteItem, ConditionCheckItem (TransactWriteItems checks these). */
  | 'table-read-write'
  /** Attachments: Get/Put/DeleteObject under tenants/ and incoming/tenants/, ListBucket of those prefixes. */
  | 'attachments'
  /** GetObject under exports/ and report-files/ (the presigned download of an export file, a mailed report's). */
  | 'exports-read'
  /** PutObject and AbortMultipartUpload under exports/ and report-files/ (streamed in as a multipart upload). */
  | 'exports-write'
  /** Scan of the table: only the tenant-walk job, whose walks must find records that no index reaches. */
  | 'table-scan'
  /** BatchWriteItem (puts 25 to a call, no condition): only the rental contracts' bulk upsert of superseded versions. */
  | 'table-batch-write';

/** Cognito actions on the one user pool, spelled as IAM spells them (cognito-idp:<name>). */
export type CognitoAction =
  | 'AdminAddUserToGroup'
  | 'AdminCreateUser'
  | 'AdminDeleteUser'
  | 'AdminDisableUser'
  | 'AdminEnableUser'
  | 'AdminGetUser'
  | 'AdminRemoveUserFromGroup'
  | 'AdminSetUserPassword'
  | 'AdminUpdateUserAttributes'
  | 'AdminUserGlobalSignOut'
  | 'AdminSetUserMFAPreference'
  | 'ListUsers'
  | 'AdminLinkProviderForUser';

export interface HandlerGrants {
  /** The Lambda's entry file, relative to the repository: where the code check starts its walk. */
  entry: string;
  data: readonly DataGrant[];
  cognito?: readonly CognitoAction[];
  /** ses:SendEmail from the configured sender (bindMail). */
  mail?: true;
  /**
   * The alarm topic: the alarm handler publishes, the alarm rules API keeps the addresses' subscriptions, the
   * assets API does both for the planners' report mails (`notify`).
   */
  alarmTopic?: 'publish' | 'subscribe' | 'notify';
  /** IoT things, certificates and the gateway policy (infra/constructs/gateway-provisioning.ts). */
  gatewayProvisioning?: true;
  /** lambda:InvokeFunction on the export worker (every export: a background job or a synchronous GET). */
  invokeExportWorker?: true;
  /** lambda:InvokeFunction on the bulk edit worker (POST /api/assets/bulk-edit, /api/devices/bulk-edit). */
  invokeBulkEditWorker?: true;
  /** lambda:InvokeFunction on the asset import worker (POST /api/assets/import). */
  invokeAssetImportWorker?: true;
  /** lambda:InvokeFunction on the loan-day worker (the loan-day job's scheduled run, once per tenant). */
  invokeLoanDayWorker?: true;
  /**
   * lambda:InvokeFunction on the function itself (a run whose time runs short hands the rest to a new one), given
   * by the function's resource policy to its own role: a role grant naming the function would make it depend on
   * itself.
   */
  invokeSelf?: true;
  /** The uplink FIFO queue: the ways in send, the processor consumes through its event source mapping. */
  uplinkQueue?: 'send' | 'consume';
  /**
   * The codec lane (functions/lib/pipeline/queue/codec-lane.ts): the processor sends the uplinks of a tenant over
   * its codec time there, and consumes it through a second event source mapping.
   */
  codecLane?: true;
  /** events:PutEvents on the pipeline bus. */
  eventBus?: true;
  /**
   * The webhook delivery queue: writers of webhook events send (functions/lib/webhooks/), the
   * sender consumes and sends its retries back with a delay.
   */
  webhookQueue?: 'send' | 'consume';
  /**
   * An asynchronous run that fails lands in a queue (the function's on-failure destination):
   * Lambda sends it there with the function's role.
   */
  failureQueue?: true;
  /** The KPN Things data key, read through the Parameters and Secrets extension. */
  kpnDataKey?: true;
  /** The product's VAPID key pair for Web Push (functions/lib/web-push/vapid-keys.ts), read the same way. */
  vapidKeys?: true;
  /** Amazon Location's reverse geocoding (Places v2, infra/constructs/address-geocoding.ts). */
  geoPlaces?: true;
  /** appsync:EventPublish on the live Event API's `live` namespace (functions/lib/live/publisher.ts). */
  livePublish?: true;
}

/** Functions that are not HTTP handler modules, by the `module` name HandlerFunction gets. */
export type WorkerName =
  | 'export-worker'
  | 'bulk-edit-worker'
  | 'asset-import-worker'
  | 'reset-mailer'
  | 'pipeline-processor'
  | 'pipeline-mqtt-ingest'
  | 'pipeline-lorawan-ingest'
  | 'pipeline-alarm-handler'
  | 'pipeline-geocoder'
  | 'pipeline-zone-stock'
  | 'job-loan-days'
  | 'loan-day-worker'
  | 'job-silent-tags'
  | 'job-time-rules'
  | 'job-tenant-walks'
  | 'job-report-subscriptions'
  | 'job-alarm-notices'
  | 'trigger-pre-sign-up'
  | 'live-authorizer'
  | 'webhook-sender';

const http = (module: HandlerModule) => `functions/http/${module}.ts`;
const RW: readonly DataGrant[] = ['table-read-write'];
/** An API credential is a pool user: made with a password and a role group, deleted with the credential. */
const API_CLIENT_USERS: readonly CognitoAction[] = [
  'AdminCreateUser',
  'AdminSetUserPassword',
  'AdminAddUserToGroup',
  'AdminDeleteUser',
];
/** Console users (admin-users, and the users of a client company): the whole user life cycle. */
const USER_ADMINISTRATION: readonly CognitoAction[] = [
  ...API_CLIENT_USERS,
  'AdminDisableUser',
  'AdminEnableUser',
  'AdminGetUser',
  'AdminRemoveUserFromGroup',
  'AdminUpdateUserAttributes',
  'AdminUserGlobalSignOut',
  'ListUsers',
];

export const HANDLER_GRANTS: Record<HandlerModule | WorkerName, HandlerGrants> = {
  // Sign-in and refresh are InitiateAuth and sign-out is RevokeToken: public Cognito APIs IAM does not govern, as
  // are the second factor's setup calls (made with the user's own access token). A recovery code turns it off.
  session: {
    entry: http('session'),
    data: RW,
    cognito: [
      'AdminGetUser',
      'AdminSetUserMFAPreference',
      'AdminSetUserPassword',
      'AdminUserGlobalSignOut',
      'ListUsers',
    ],
    // A reset request puts PasswordResetRequested on the bus; the reset mailer mails, after the answer.
    eventBus: true,
  },
  // Also the reset of a lost second factor, which mails the user.
  'admin-users': {
    entry: http('admin-users'),
    data: RW,
    cognito: [...USER_ADMINISTRATION, 'AdminSetUserMFAPreference'],
    mail: true,
  },
  roles: { entry: http('roles'), data: RW },
  tenants: { entry: http('tenants'), data: RW },
  settings: { entry: http('settings'), data: RW },
  'kpn-things': { entry: http('kpn-things'), data: RW, kpnDataKey: true },
  'api-tokens': { entry: http('api-tokens'), data: RW, cognito: API_CLIENT_USERS },
  // Exports are written by the export worker (invoked, also for the synchronous GET); the API presigns the download.
  // The bus: an asset's delete puts ZoneVisitChanged for the visits it closes (the zones' stock). The webhook
  // queue: a status save queues pickup and delivery events, a delete the zone.left of the visits it closes.
  assets: {
    entry: http('assets'),
    data: [...RW, 'attachments', 'exports-read'],
    invokeExportWorker: true,
    invokeBulkEditWorker: true,
    invokeAssetImportWorker: true,
    alarmTopic: 'notify',
    livePublish: true,
    eventBus: true,
    webhookQueue: 'send',
  },
  'asset-profiles': { entry: http('asset-profiles'), data: RW },
  clients: { entry: http('clients'), data: RW, cognito: USER_ADMINISTRATION, mail: true },
  devices: {
    entry: http('devices'),
    data: [...RW, 'exports-read'],
    invokeExportWorker: true,
    invokeBulkEditWorker: true,
    livePublish: true,
  },
  events: { entry: http('events'), data: RW },
  // A zone deleted closes its visits, each a zone.left webhook event.
  'geo-zones': { entry: http('geo-zones'), data: RW, webhookQueue: 'send' },
  // A stock limits save re-evaluates the zone and may raise alarm types 4/5, or clear them (alarm.cleared webhook).
  'zone-stock': { entry: http('zone-stock'), data: RW, eventBus: true, webhookQueue: 'send' },
  alarms: { entry: http('alarms'), data: RW, alarmTopic: 'subscribe' },
  exports: { entry: http('exports'), data: [...RW, 'exports-read'] },
  // The public KPN Things webhook: the tenant's shared secret and the uplink queue, nothing of the user pool.
  'device-uplinks': { entry: http('device-uplinks'), data: RW, kpnDataKey: true, uplinkQueue: 'send' },
  'asset-alarms': { entry: http('asset-alarms'), data: RW, livePublish: true },
  gateways: { entry: http('gateways'), data: RW, gatewayProvisioning: true },
  'device-profiles': { entry: http('device-profiles'), data: RW },
  // Draws label sheets with pdfkit in the request (its writer beside the bundle, infra/constructs/labels-bundling.ts).
  labels: { entry: http('labels'), data: RW },
  // Reads visits (the handler layer writes as every route's does); the export worker writes their files.
  'zone-visits': { entry: http('zone-visits'), data: [...RW, 'exports-read'], invokeExportWorker: true },
  // The list removes a pickup item whose asset no longer waits (functions/lib/pickups/pickup-list.ts).
  pickups: { entry: http('pickups'), data: RW },
  'loan-days': { entry: http('loan-days'), data: [...RW, 'exports-read'], invokeExportWorker: true },
  // The signing secrets are encrypted with the KPN data key (functions/lib/kpn-things/secret-cipher.ts).
  webhooks: { entry: http('webhooks'), data: RW, kpnDataKey: true, webhookQueue: 'send' },
  audit: { entry: http('audit'), data: RW },
  // "Send now" builds the report and mails it to the caller; a file over the attachment limit is stored and linked.
  'report-subscriptions': {
    entry: http('report-subscriptions'),
    data: [...RW, 'exports-read', 'exports-write'],
    mail: true,
  },
  // The VAPID pair is read from its secret (functions/lib/web-push/vapid-keys.ts) for the public key route.
  'web-push': { entry: http('web-push'), data: RW, vapidKeys: true },
  // Reads the nightly rollup the loan-day job writes (functions/lib/utilisation/).
  utilisation: { entry: http('utilisation'), data: RW },
  // Reads the events' geohash cells (gsi3, gsi4), the map index, the geo zones and the assets' names.
  'area-search': { entry: http('area-search'), data: RW },
  // Staff's links and the public read of one (functions/lib/share-links/): the lookup is a platform item.
  'share-links': { entry: http('share-links'), data: RW },
  // The ERP's contract lines and their versions; reads the customers, assets, profiles and zones they name.
  // The versions a bulk upsert's changes supersede go 25 to a BatchWriteItem (its new lines 100 to a transaction):
  // 5,000 single puts do not fit the gateway's 29 s locally
  // (docs/decisions/0328-rental-contract-screens-and-import-checked-in-the-browser.md).
  // Starts the rental audit's export jobs (functions/lib/rental-audit/audit-export-request.ts) and presigns their files.
  'rental-contracts': {
    entry: http('rental-contracts'),
    data: [...RW, 'table-batch-write', 'exports-read'],
    invokeExportWorker: true,
  },

  // A reset request's code, stored for every address and mailed to an account's owner (PasswordResetRequested).
  'reset-mailer': {
    entry: 'functions/workers/reset-mailer.ts',
    data: RW,
    cognito: ['ListUsers'],
    mail: true,
    failureQueue: true,
  },
  'export-worker': {
    entry: 'functions/workers/export-worker.ts',
    data: [...RW, 'exports-write'],
    failureQueue: true,
    livePublish: true,
  },
  // Applies a bulk edit's rows as the assets' and devices' single edits (status webhook events, live changes).
  'bulk-edit-worker': {
    entry: 'functions/workers/bulk-edit-worker.ts',
    data: RW,
    failureQueue: true,
    livePublish: true,
    webhookQueue: 'send',
  },
  // Applies an asset import's rows as the assets' single edits and creates (status webhook events, live changes).
  'asset-import-worker': {
    entry: 'functions/workers/asset-import-worker.ts',
    data: RW,
    failureQueue: true,
    invokeSelf: true,
    livePublish: true,
    webhookQueue: 'send',
  },
  'pipeline-processor': {
    entry: 'functions/pipeline/processor.ts',
    data: RW,
    uplinkQueue: 'consume',
    codecLane: true,
    eventBus: true,
    livePublish: true,
    webhookQueue: 'send',
  },
  'pipeline-mqtt-ingest': {
    entry: 'functions/pipeline/mqtt-ingest.ts',
    data: RW,
    uplinkQueue: 'send',
    failureQueue: true,
  },
  'pipeline-lorawan-ingest': {
    entry: 'functions/pipeline/lorawan-ingest.ts',
    data: RW,
    uplinkQueue: 'send',
    failureQueue: true,
  },
  // Mails a rule's addresses through the alarm topic and its notice users through SES (alarm notices).
  'pipeline-alarm-handler': {
    entry: 'functions/pipeline/alarm-handler.ts',
    data: RW,
    // Alarm notices by Web Push (functions/lib/web-push/push-sender.ts) sign with the VAPID key.
    vapidKeys: true,
    mail: true,
    alarmTopic: 'publish',
    failureQueue: true,
    livePublish: true,
    webhookQueue: 'send',
  },
  // Signs and posts webhook messages; reads the secrets; sends its retries back to its queue with a delay.
  'webhook-sender': {
    entry: 'functions/workers/webhook-sender.ts',
    data: RW,
    kpnDataKey: true,
    webhookQueue: 'consume',
  },
  // Reads and writes the address cache and the event, device and asset it geocoded; asks Amazon Location.
  'pipeline-geocoder': {
    entry: 'functions/pipeline/geocoder.ts',
    data: RW,
    geoPlaces: true,
    failureQueue: true,
    livePublish: true,
  },
  // Re-counts a zone's open visits, moves its stock states, puts AlarmRaised 4/5 on the bus.
  'pipeline-zone-stock': {
    entry: 'functions/pipeline/zone-stock.ts',
    data: RW,
    eventBus: true,
    failureQueue: true,
    webhookQueue: 'send',
  },
  // The scheduled run starts a worker run per tenant; a run naming its tenants counts them itself.
  'job-loan-days': {
    entry: 'functions/jobs/loan-days.ts',
    data: RW,
    failureQueue: true,
    webhookQueue: 'send',
    invokeLoanDayWorker: true,
  },
  // One tenant's loan days, utilisation rollup and rental audit (`loan_day.counted` webhook events); a run short
  // of time hands the day to a new invocation of itself.
  'loan-day-worker': {
    entry: 'functions/workers/loan-day-worker.ts',
    data: RW,
    failureQueue: true,
    invokeSelf: true,
    webhookQueue: 'send',
  },
  'job-silent-tags': {
    entry: 'functions/jobs/silent-tags.ts',
    data: RW,
    eventBus: true,
    failureQueue: true,
    livePublish: true,
  },
  // Reads the due timers and their assets, moves the timers, raises AlarmRaised on the bus.
  'job-time-rules': {
    entry: 'functions/jobs/time-rules.ts',
    data: RW,
    eventBus: true,
    failureQueue: true,
    webhookQueue: 'send',
  },
  // Erasures and re-datings walk a tenant's records of the past: the one Scan of the application
  // (functions/lib/data/tenant-walk.ts).
  'job-tenant-walks': { entry: 'functions/jobs/tenant-walks.ts', data: [...RW, 'table-scan'], failureQueue: true },
  // Reads the due subscriptions, their owners and the loan-day records, writes the files in memory and mails them;
  // a file over the attachment limit goes to the bucket (report-files/) and the mail links it.
  'job-report-subscriptions': {
    entry: 'functions/jobs/report-subscriptions.ts',
    data: [...RW, 'exports-write'],
    mail: true,
    failureQueue: true,
  },
  // Reads the due notices and their alarms, sends held notices, repeats (the alarm topic) and escalations (SES).
  'job-alarm-notices': {
    entry: 'functions/jobs/alarm-notices.ts',
    data: RW,
    mail: true,
    vapidKeys: true,
    alarmTopic: 'publish',
    failureQueue: true,
  },
  // The live Event API's AWS_LAMBDA authorizer: reads the user's record (active, sessions, customer).
  'live-authorizer': { entry: 'functions/triggers/live-authorizer.ts', data: ['table-read'] },
  // Not a HandlerFunction (infra/constructs/pre-sign-up-trigger.ts); declared so its code is checked too.
  'trigger-pre-sign-up': {
    entry: 'functions/triggers/pre-sign-up.ts',
    data: [],
    cognito: ['ListUsers', 'AdminLinkProviderForUser'],
  },
};

/** The declaration of a function by its HandlerFunction `module` name. */
export function grantsOf(module: string): HandlerGrants {
  const grants = (HANDLER_GRANTS as Record<string, HandlerGrants | undefined>)[module];
  if (!grants) throw new Error(`No grants declared for ${module} in infra/handler-grants.ts`);
  return grants;
}

const TABLE_READ = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];

/** The actions of each data piece; infra/stacks/data-stack.ts builds its managed policies from these. */
export const DATA_GRANT_ACTIONS: Record<DataGrant, readonly string[]> = {
  'table-read': TABLE_READ,
  'table-read-write': [
    ...TABLE_READ,
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:ConditionCheckItem',
  ],
  attachments: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:ListBucket'],
  'exports-read': ['s3:GetObject'],
  'exports-write': ['s3:PutObject', 's3:AbortMultipartUpload'],
  'table-scan': ['dynamodb:Scan'],
  'table-batch-write': ['dynamodb:BatchWriteItem'],
};

export const GATEWAY_PROVISIONING_ACTIONS = {
  things: ['iot:CreateThing', 'iot:DeleteThing', 'iot:AttachThingPrincipal', 'iot:DetachThingPrincipal'],
  certificates: ['iot:AttachPolicy', 'iot:DetachPolicy', 'iot:UpdateCertificate', 'iot:DeleteCertificate'],
  unscoped: ['iot:CreateKeysAndCertificate', 'iot:DescribeEndpoint'],
} as const;

export const ALARM_TOPIC_ACTIONS = {
  /** The topic and its shards (made past 200 filter policies), found with GetTopicAttributes. */
  publish: ['sns:Publish', 'sns:GetTopicAttributes'],
  /** CreateTopic makes the next shard when every one is full (docs/decisions/0236). */
  subscribe: ['sns:Subscribe', 'sns:ListSubscriptionsByTopic', 'sns:GetTopicAttributes', 'sns:CreateTopic'],
  /** The report mails: subscribe the planners' addresses, then publish to them. */
  notify: ['sns:Publish', 'sns:Subscribe', 'sns:ListSubscriptionsByTopic', 'sns:GetTopicAttributes', 'sns:CreateTopic'],
} as const;

/** Places v2 reverse geocoding; the action name is unverified (integrations-2.md s.4). */
export const GEO_PLACES_ACTIONS = ['geo-places:ReverseGeocode'] as const;

/** Publishing to AppSync Events over HTTP, SigV4-signed. */
export const LIVE_PUBLISH_ACTIONS = ['appsync:EventPublish'] as const;

/** What Lambda does with the role to deliver a failed asynchronous run to its on-failure queue. */
export const FAILURE_DESTINATION_ACTIONS = ['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'];

/** What Lambda's SQS event source mapping does with the function's role (no code of ours calls these). */
export const QUEUE_CONSUMER_ACTIONS = [
  'sqs:ReceiveMessage',
  'sqs:ChangeMessageVisibility',
  'sqs:GetQueueUrl',
  'sqs:DeleteMessage',
  'sqs:GetQueueAttributes',
] as const;

/** Every function: its own log group, and X-Ray active tracing. */
export const BASELINE_ACTIONS = [
  'logs:CreateLogStream',
  'logs:PutLogEvents',
  'xray:PutTraceSegments',
  'xray:PutTelemetryRecords',
] as const;

/**
 * The IAM actions a declaration grants: `calls` are the ones the function's code calls (checked against its
 * SDK commands), `implied` the ones AWS needs on its behalf (the topic's KMS key when publishing, the event
 * source mapping's queue reads).
 */
export function grantActions(grants: HandlerGrants): { calls: string[]; implied: string[] } {
  const calls = [
    ...grants.data.flatMap((piece) => DATA_GRANT_ACTIONS[piece]),
    ...(grants.cognito ?? []).map((action) => `cognito-idp:${action}`),
    ...(grants.mail ? ['ses:SendEmail'] : []),
    ...(grants.alarmTopic ? ALARM_TOPIC_ACTIONS[grants.alarmTopic] : []),
    ...(grants.gatewayProvisioning ? Object.values(GATEWAY_PROVISIONING_ACTIONS).flat() : []),
    ...(grants.invokeExportWorker || grants.invokeLoanDayWorker || grants.invokeSelf ? ['lambda:InvokeFunction'] : []),
    ...(grants.uplinkQueue === 'send' ? ['sqs:SendMessage'] : []),
    ...(grants.webhookQueue ? ['sqs:SendMessage'] : []),
    ...(grants.codecLane ? ['sqs:SendMessage'] : []),
    ...(grants.eventBus ? ['events:PutEvents'] : []),
    ...(grants.kpnDataKey || grants.vapidKeys ? ['secretsmanager:GetSecretValue'] : []),
    ...(grants.geoPlaces ? GEO_PLACES_ACTIONS : []),
    ...(grants.livePublish ? LIVE_PUBLISH_ACTIONS : []),
  ];
  const implied = [
    ...(grants.alarmTopic === 'publish' || grants.alarmTopic === 'notify'
      ? ['kms:Decrypt', 'kms:GenerateDataKey*']
      : []),
    ...(grants.uplinkQueue === 'consume' || grants.webhookQueue === 'consume' || grants.codecLane
      ? QUEUE_CONSUMER_ACTIONS
      : []),
    ...(grants.failureQueue ? FAILURE_DESTINATION_ACTIONS : []),
  ];
  return { calls: [...new Set(calls)].sort(), implied: [...new Set(implied)].sort() };
}
