import type { LabelFile, LabelRequest } from '../../shared/schemas/labels';
import { assetViewerOf } from '../lib/assets/asset-view';
import { createHttpHandler, route } from '../lib/http/handler';
import { assetLabels, deviceLabels } from '../lib/labels/label-items';
import { LABEL_SHEET_SIZES } from '../lib/labels/label-sheets';
import { type Label, writeLabels } from '../lib/labels/label-writer';

/**
 * Printable labels of selected assets and devices (functions/lib/labels/): a bounded selection, so the PDF is
 * drawn here and answered inline. Decision: docs/decisions/0326-printable-labels-are-drawn-as-vectors-in-the-request.md.
 */
async function labelFile(entity: string, request: LabelRequest, labels: Label[]): Promise<LabelFile> {
  const pdf = await writeLabels(LABEL_SHEET_SIZES[request.sheet], labels, `${entity} labels`);
  return {
    fileName: `${entity}.labels.${request.sheet}.pdf`,
    mimeType: 'application/pdf',
    size: pdf.length,
    labels: labels.length,
    data: pdf.toString('base64'),
  };
}

export const handler = createHttpHandler('labels', {
  'labels.assets': route({
    run: async ({ auth, body }) =>
      labelFile('Assets', body, await assetLabels(auth.tenant, await assetViewerOf(auth), body.ids)),
  }),
  'labels.devices': route({
    run: async ({ auth, body }) => labelFile('Devices', body, await deviceLabels(auth.tenant, body.ids)),
  }),
});
