/**
 * amplify always opens the realtime socket as wss:// (appsyncUrl.mjs turns even an http:// endpoint into
 * wss://), but the local stand-in of `npm start` speaks plain ws on localhost. For an http:// endpoint only
 * (never on AWS, whose endpoint is https://), the socket to that one host is opened as ws://; every other
 * socket (Vite's, any other host) is left alone. See the decision record on reaching the local stand-in.
 */
let plainHost: string | null = null;
let installed = false;

const toPlain = (address: string) => {
  if (!plainHost) return address;
  const url = new URL(address);
  return url.protocol === 'wss:' && url.host === plainHost ? `ws://${url.host}${url.pathname}${url.search}` : address;
};

export function reachLocalStandIn(endpoint: string) {
  const url = new URL(endpoint);
  plainHost = url.protocol === 'http:' ? url.host : null;
  if (!plainHost || installed) return;
  installed = true;
  const Native = window.WebSocket;
  window.WebSocket = class LocalStandInSocket extends Native {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(toPlain(String(address)), protocols);
    }
  };
}
