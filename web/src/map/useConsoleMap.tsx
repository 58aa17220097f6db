import Box, { type BoxProps } from '@mui/material/Box';
import type { Map as MapLibreMap, MapOptions } from 'maplibre-gl';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { createConsoleMap } from './createMap';

export interface ConsoleMapSetUp {
  /** Style and opening view, read once when the map is made. */
  options(): Omit<MapOptions, 'container'>;
  /** Sources, layers and handlers, added once the style has loaded; what it returns runs when the map goes. */
  onLoad(map: MapLibreMap): (() => void) | undefined;
}

export interface ConsoleMap {
  container: RefObject<HTMLDivElement | null>;
  map: RefObject<MapLibreMap | null>;
  /** The style has loaded and onLoad has run: sources can take data. */
  ready: boolean;
  /** No WebGL in this browser: the screen says so instead of a map. */
  failed: boolean;
}

/**
 * One console map (web/src/map/createMap.ts) made once for the component's life: React renders its element
 * once, and data goes into its sources by effects that wait for `ready`. The set-up is read through a ref, so
 * a new closure on each render never re-creates the map.
 */
export function useConsoleMap(setUp: ConsoleMapSetUp): ConsoleMap {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibreMap | null>(null);
  const latest = useRef(setUp);
  latest.current = setUp;
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!container.current) return;
    const instance = createConsoleMap({ container: container.current, ...latest.current.options() });
    if (!instance) {
      setFailed(true);
      return;
    }
    map.current = instance;
    let tearDown: (() => void) | undefined;
    instance.on('load', () => {
      tearDown = latest.current.onLoad(instance);
      setReady(true);
    });
    return () => {
      tearDown?.();
      instance.remove();
      map.current = null;
    };
  }, []);

  return { container, map, ready, failed };
}

/**
 * Writes `data-rendered-<name>` on the map's element once the map has drawn the data just set (idle), so tests
 * wait for a state, not for a time. Returns the clean-up for the effect that set the data.
 */
export function markWhenDrawn(map: MapLibreMap, element: HTMLElement | null, name: string, count: number) {
  const attribute = `data-rendered-${name}`;
  element?.removeAttribute(attribute);
  const rendered = () => element?.setAttribute(attribute, String(count));
  map.once('idle', rendered);
  return () => {
    map.off('idle', rendered);
  };
}

type MapElementProps = Omit<BoxProps, 'ref' | 'role'> & {
  map: ConsoleMap;
  label: string;
  [data: `data-${string}`]: unknown;
};

/** The map's element: a region named for screen readers, `data-ready` once its sources take data. */
export function MapElement({ map, label, ...props }: MapElementProps) {
  return (
    <Box ref={map.container} data-ready={map.ready ? 'true' : 'false'} role="region" aria-label={label} {...props} />
  );
}

/**
 * A map filling a positioned parent: MapLibre makes its container `position: relative`, so the box that fills
 * the area is the container's parent.
 */
export function FillingMapElement(props: MapElementProps) {
  return (
    <Box sx={{ position: 'absolute', inset: 0 }}>
      <MapElement sx={{ width: '100%', height: '100%' }} {...props} />
    </Box>
  );
}
