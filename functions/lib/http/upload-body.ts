import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { badRequest, HttpError, unprocessable } from './errors';

/** One uploaded file: a multipart/form-data file part, or the whole body when it is sent as is. */
export interface UploadedFile {
  /** The name the browser gave the file (multipart only). */
  filename?: string;
  contentType: string;
  content: Buffer;
}

export const UPLOAD_MESSAGES = {
  noFile: 'The request has no file.',
  malformedMultipart: 'The multipart body could not be read.',
} as const;

type UploadEvent = Pick<APIGatewayProxyEventV2, 'body' | 'headers'> & { isBase64Encoded?: boolean };

/**
 * The file of an upload route (routes declared with `rawBody`). API Gateway and the local gateway pass
 * binary bodies (multipart) base64-encoded and text bodies (text/csv) as text. Multipart is read by hand:
 * one small part is all an upload form sends, and no multipart parser is a dependency of the functions.
 * Files above `maxBytes` answer 413 with `tooLargeMessage`.
 */
export function readUploadedFile(event: UploadEvent, maxBytes: number, tooLargeMessage: string): UploadedFile {
  if (!event.body) throw unprocessable([{ propertyPath: 'file', message: UPLOAD_MESSAGES.noFile }]);
  const raw = Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  const contentType = event.headers?.['content-type'] ?? '';
  // Multipart adds a few hundred bytes of headers around the file; anything far larger is refused unread.
  if (raw.length > maxBytes + 64 * 1024) throw new HttpError(413, tooLargeMessage);
  const file = /^multipart\/form-data/i.test(contentType)
    ? filePart(raw, boundaryOf(contentType))
    : { contentType, content: raw };
  if (file.content.length > maxBytes) throw new HttpError(413, tooLargeMessage);
  return file;
}

function boundaryOf(contentType: string): string {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const value = boundary?.[1] ?? boundary?.[2];
  if (!value) throw badRequest(UPLOAD_MESSAGES.malformedMultipart);
  return value;
}

interface Part {
  headers: string;
  content: Buffer;
}

/** RFC 7578 parts between "--boundary" lines; the preamble and epilogue are ignored. */
function splitParts(body: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const next = Buffer.from(`\r\n--${boundary}`);
  const parts: Part[] = [];
  let position = body.indexOf(delimiter);
  if (position < 0) throw badRequest(UPLOAD_MESSAGES.malformedMultipart);
  position += delimiter.length;
  while (body.subarray(position, position + 2).toString() !== '--') {
    if (body.subarray(position, position + 2).toString() !== '\r\n')
      throw badRequest(UPLOAD_MESSAGES.malformedMultipart);
    const headerEnd = body.indexOf('\r\n\r\n', position);
    const end = body.indexOf(next, headerEnd);
    if (headerEnd < 0 || end < 0) throw badRequest(UPLOAD_MESSAGES.malformedMultipart);
    parts.push({
      headers: body.subarray(position + 2, headerEnd).toString('utf8'),
      content: body.subarray(headerEnd + 4, end),
    });
    position = end + next.length;
  }
  return parts;
}

const headerParameter = (headers: string, name: string) => new RegExp(`;\\s*${name}="([^"]*)"`, 'i').exec(headers)?.[1];

/** The first part that carries a file name (the console sends it as "files", spec 001 s.7). */
function filePart(body: Buffer, boundary: string): UploadedFile {
  const part = splitParts(body, boundary).find((p) => headerParameter(p.headers, 'filename') !== undefined);
  if (!part) throw unprocessable([{ propertyPath: 'file', message: UPLOAD_MESSAGES.noFile }]);
  return {
    filename: headerParameter(part.headers, 'filename'),
    contentType: /^content-type:\s*([^\r\n;]+)/im.exec(part.headers)?.[1]?.trim() ?? '',
    content: part.content,
  };
}
