import { useLiveConsole } from './useLiveConsole';

/** Runs the live layer once in the signed-in layout; renders nothing. */
export function LiveConsole() {
  useLiveConsole();
  return null;
}
