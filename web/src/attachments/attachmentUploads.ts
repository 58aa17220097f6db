import type { AttachmentUploadTicket } from '@shared/schemas/attachment';
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError } from '../api/ApiError';
import { api } from '../api/apiClient';
import { notifyError, notifySuccess } from '../common/notifications/notificationStore';
import { i18n } from '../i18n/i18n';

/**
 * Uploads outside any component: a file keeps uploading when the panel changes (a new asset is saved and the
 * panel moves to /assets/{id}), and files chosen for a new asset wait here until it has an id.
 * Flow: GET /api/aws/s3 -> POST the form to the bucket (presigned policy, with progress) ->
 * POST .../attachments, which moves the upload to its served key.
 */
export type UploadKey = number | 'new';

export interface UploadItem {
  id: string;
  file: File;
  /** 0..100 while uploading; null while queued for a new asset. */
  progress: number | null;
}

let items: ReadonlyMap<UploadKey, readonly UploadItem[]> = new Map();
const listeners = new Set<() => void>();
const EMPTY: readonly UploadItem[] = [];
let sequence = 0;

function setItems(key: UploadKey, change: (current: readonly UploadItem[]) => readonly UploadItem[]) {
  const next = new Map(items);
  next.set(key, change(items.get(key) ?? EMPTY));
  items = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useUploads(key: UploadKey): readonly UploadItem[] {
  return useSyncExternalStore(subscribe, () => items.get(key) ?? EMPTY);
}

const t = (key: string): string => i18n.t(key as never, { ns: 'attachments' }) as string;

/** Server sentences contain ':' and '.', so they are looked up as plain keys of the messages object. */
function translateServerMessage(message: string): string {
  const own = i18n.getResource(i18n.language, 'attachments', 'messages') as Record<string, string> | undefined;
  return own?.[message] ?? message;
}

/** The server's sentence (translated when known), else the spec's generic text for the action. */
export function attachmentErrorText(error: unknown, fallbackKey: string): string {
  const message =
    error instanceof ApiError ? (error.violations[0]?.message ?? (error.status >= 500 ? '' : error.message)) : '';
  return message ? translateServerMessage(message) : t(fallbackKey);
}

/** A failed upload step whose notice text is already decided. */
class UploadStepError extends Error {}

/**
 * Plain XHR: fetch cannot report upload progress. A presigned POST is an HTML form upload: the signed fields
 * first, in order, and the file last (S3 ignores anything after it).
 */
function postWithProgress(ticket: AttachmentUploadTicket, file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', file);
  return new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(ticket.method, ticket.url);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => (request.status < 300 ? resolve() : reject(new ApiError(request.status, '')));
    request.onerror = () => reject(new ApiError(0, ''));
    request.send(form);
  });
}

const contentTypeOf = (file: File) => file.type || 'application/octet-stream';

/**
 * The three steps of one file, without notices: the attachments tab's queue below, and the scan screen's report
 * photo (web/src/scan/scanActions.ts). A failed credentials call throws its notice text as an UploadStepError.
 */
export async function uploadAttachmentFile(assetId: number, file: File, onProgress: (percent: number) => void) {
  const ticket = await api
    .get<AttachmentUploadTicket>('/api/aws/s3', {
      query: { assetId, filename: file.name, contentType: contentTypeOf(file), size: file.size },
    })
    .catch((error: unknown) => {
      // Spec 000 s.8: a failed credentials call says so, unless the server told why (size, type, ...).
      throw new UploadStepError(attachmentErrorText(error, 'errors.credentials'));
    });
  await postWithProgress(ticket, file, onProgress);
  await api.post(`/api/assets/${assetId}/attachments`, { object_key: ticket.object_key });
}

/** The notice text of a failed upload. */
export const uploadErrorText = (error: unknown) =>
  error instanceof UploadStepError ? error.message : attachmentErrorText(error, 'errors.upload');

async function uploadOne(assetId: number, item: UploadItem, queryClient: QueryClient) {
  const progress = (percent: number) =>
    setItems(assetId, (list) => list.map((i) => (i.id === item.id ? { ...i, progress: percent } : i)));
  try {
    progress(0);
    await uploadAttachmentFile(assetId, item.file, progress);
    notifySuccess(t('uploaded'));
  } catch (error) {
    notifyError(uploadErrorText(error));
  } finally {
    setItems(assetId, (list) => list.filter((i) => i.id !== item.id));
    await queryClient.invalidateQueries({ queryKey: ['assets'] });
  }
}

const toItems = (files: readonly File[]): UploadItem[] =>
  files.map((file) => ({ id: `upload-${++sequence}`, file, progress: null }));

export async function uploadFiles(assetId: number, files: readonly File[], queryClient: QueryClient) {
  const added = toItems(files);
  setItems(assetId, (list) => [...list, ...added]);
  for (const item of added) await uploadOne(assetId, item, queryClient);
}

/** A new asset has no id yet: its files wait until it is saved. */
export const queueForNewAsset = (files: readonly File[]) => setItems('new', (list) => [...list, ...toItems(files)]);
export const removeQueued = (id: string) => setItems('new', (list) => list.filter((i) => i.id !== id));

/** Called once the new asset exists; the queue moves to its id and uploads one file after another. */
export function uploadQueued(assetId: number, queryClient: QueryClient) {
  const queued = items.get('new') ?? EMPTY;
  setItems('new', () => EMPTY);
  if (queued.length > 0)
    void uploadFiles(
      assetId,
      queued.map((item) => item.file),
      queryClient,
    );
}

/** Leaving the new-asset panel without saving drops its queue. */
export const clearQueue = () => setItems('new', () => EMPTY);
