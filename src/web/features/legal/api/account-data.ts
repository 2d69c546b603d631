import type { z } from 'zod';
import type { deleteAccountRequestSchema } from '../../../../shared/contracts/accounts';
import { apiRequest, READ_RETRY, requestJson } from '../../../lib/api-request';

export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

export interface DataExport {
  filename: string;
  blob: Blob;
}

/** The name in `Content-Disposition: attachment; filename="..."`, without any folder part. */
export function exportFilename(contentDisposition: string | null, now = new Date()): string {
  const named = contentDisposition ? /filename="?([^";]+)"?/i.exec(contentDisposition)?.[1] : undefined;
  const safe = named?.replace(/^.*[/\\]/, '').trim();
  return safe || `datacleaner-export-${now.toISOString().slice(0, 10)}.json`;
}

/** GET /api/account/export: everything stored about the signed-in user, as a JSON file. */
export async function fetchDataExport(): Promise<DataExport> {
  // A read: one retry after a network failure, like every other read.
  const response = await apiRequest('GET', '/api/account/export', undefined, READ_RETRY);
  return { filename: exportFilename(response.headers.get('content-disposition')), blob: await response.blob() };
}

/** DELETE /api/account, confirmed with the password, or the email for accounts without one. */
export function deleteAccount(body: DeleteAccountRequest): Promise<{ message: string }> {
  return requestJson<{ message: string }>('DELETE', '/api/account', body);
}
