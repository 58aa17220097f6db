import { Logger } from '@aws-lambda-powertools/logger';

/**
 * The alarm notices' log (service `alarm-notices`, docs/operations.md), in a module of its own: acknowledging an
 * alarm logs here too, and must not bring the senders (Web Push's library) into every handler that can.
 */
export const noticeLog = new Logger({ serviceName: 'alarm-notices' });
