import { scannedTargetOf } from '../../web/src/scan/scannedText';

/** What the scan screen makes of a code's text (web/src/scan/scannedText.ts). */
describe('scanned text', () => {
  it('reads the console addresses a label prints as its QR code', () => {
    expect(scannedTargetOf('https://console.example.com/assets/42')).toEqual({ kind: 'asset', id: 42 });
    expect(scannedTargetOf('http://localhost:5173/devices/7/')).toEqual({ kind: 'device', id: 7 });
  });

  it('takes 16 hex digits as a DevEUI, in any case and with separators', () => {
    expect(scannedTargetOf('0004a30b001c2d3e')).toEqual({ kind: 'devEui', devEui: '0004A30B001C2D3E' });
    expect(scannedTargetOf('00-04-A3-0B-00-1C-2D-3E')).toEqual({ kind: 'devEui', devEui: '0004A30B001C2D3E' });
  });

  it('takes other text as an asset reference and refuses foreign addresses and empty codes', () => {
    expect(scannedTargetOf(' REEL-0042 ')).toEqual({ kind: 'reference', text: 'REEL-0042' });
    expect(scannedTargetOf('https://example.com/other/1')).toBeNull();
    expect(scannedTargetOf('javascript:alert(1)')).toEqual({ kind: 'reference', text: 'javascript:alert(1)' });
    expect(scannedTargetOf('   ')).toBeNull();
    expect(scannedTargetOf('x'.repeat(501))).toBeNull();
  });
});
