/** Spec 000 s.2, Map tab: the selected event at zoom 17, a marker of radius 3 per event. The style is the
 * console's (web/src/map/mapStyle.ts). */
export const EVENT_ZOOM = 17;
export const EVENT_MARKER_RADIUS = 3;
