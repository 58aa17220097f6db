import { type RefObject, useEffect, useState } from 'react';
import { codeDecoder } from './decoder';

export type CameraState = 'starting' | 'scanning' | 'denied' | 'unavailable';

const stopTracks = (media: MediaStream) => {
  for (const track of media.getTracks()) track.stop();
};

/** Frames a second the decoder reads: a code held in front of the camera is read within a moment. */
const READS_PER_SECOND = 5;

/**
 * The phone's back camera in the video element, its frames read while `active`, the first code's text handed
 * to onCode (the screen stops reading while it acts on it). The stream stops when the screen goes.
 */
export function useCameraScanner(
  video: RefObject<HTMLVideoElement | null>,
  active: boolean,
  onCode: (text: string) => void,
): { state: CameraState; decoder: 'native' | 'wasm' | null } {
  const [state, setState] = useState<CameraState>('starting');
  const [decoderKind, setDecoderKind] = useState<'native' | 'wasm' | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);

  useEffect(() => {
    let stopped = false;
    let opened: MediaStream | null = null;
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('unavailable');
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
      .then((media) => {
        opened = media;
        if (stopped) stopTracks(media);
        else setStream(media);
      })
      .catch((error: unknown) =>
        setState(error instanceof DOMException && error.name === 'NotAllowedError' ? 'denied' : 'unavailable'),
      );
    return () => {
      stopped = true;
      if (opened) stopTracks(opened);
    };
  }, []);

  useEffect(() => {
    const element = video.current;
    if (!element || !stream) return;
    element.srcObject = stream;
    void element.play().catch(() => undefined);
    setState('scanning');
  }, [video, stream]);

  useEffect(() => {
    if (!stream || !active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      const decoder = await codeDecoder();
      setDecoderKind(decoder.kind);
      const element = video.current;
      const codes = element && element.readyState >= 2 ? await decoder.detect(element).catch(() => []) : [];
      if (stopped) return;
      if (codes[0]) onCode(codes[0].text);
      else timer = setTimeout(() => void read(), 1000 / READS_PER_SECOND);
    };
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [video, stream, active, onCode]);

  return { state, decoder: decoderKind };
}
