import type { PhonePosition } from '@shared/schemas/report-check';

/**
 * The phone's position for a report (a second witness beside the tag's fixes, docs/decisions/0329): null when
 * the browser has no geolocation, the person refused it or no fix came within the wait.
 */
export function readPhonePosition(timeoutMs = 15_000): Promise<PhonePosition | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          lat: position.coords.latitude,
          lon: position.coords.longitude,
          accuracy_m: Math.round(Math.min(position.coords.accuracy, 100_000)),
          at: new Date(position.timestamp).toISOString(),
        }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
