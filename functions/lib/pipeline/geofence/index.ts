export { destinationPoint, EARTH_RADIUS_M, haversineMetres } from './geodesy';
export { DEFAULT_CONFIRMATIONS, type MembershipStep, nextMembership, UNKNOWN_MEMBERSHIP } from './hysteresis';
export { ZoneIndex } from './zone-index';
export {
  nextPresence,
  type PresenceStep,
  siteOf,
  type VisitChange,
  type ZonePresence,
  type ZonePresenceEntry,
} from './zone-presence';
