export { destinationPoint, EARTH_RADIUS_M, haversineMetres } from './geodesy';
export { DEFAULT_CONFIRMATIONS, type MembershipStep, nextMembership, UNKNOWN_MEMBERSHIP } from './hysteresis';
export { ZoneIndex } from './zone-index';
