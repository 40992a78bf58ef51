import type { components } from '@platform/api-client';

export type ImportReport = components['schemas']['platform.events.v1.ImportEventsReport'];

export interface RejectedLine {
  /** The line in the file (the header is line 1). */
  line: number;
  /** Each reason as "field: message" (or the message alone for the row as a whole). */
  reasons: string[];
}

export interface ImportSummary {
  totalRows: number;
  imported: number;
  rejectedCount: number;
  /** Rejected rows in file order. */
  rejected: RejectedLine[];
  /** Every row imported, none rejected. */
  clean: boolean;
}

/** The import's answer as the report screen shows it: counts, then each rejected line with its reasons. */
export function summariseImport(report: ImportReport | undefined): ImportSummary {
  const rejected = (report?.rejected ?? [])
    .map((row) => ({
      line: row.row ?? 0,
      reasons: (row.errors ?? []).map((e) => (e.field ? `${e.field}: ${e.message ?? ''}`.trim() : (e.message ?? ''))).filter(Boolean),
    }))
    .sort((a, b) => a.line - b.line);
  const imported = report?.imported ?? report?.events?.length ?? 0;
  const totalRows = report?.totalRows ?? imported + rejected.length;
  return { totalRows, imported, rejectedCount: rejected.length, rejected, clean: rejected.length === 0 };
}

/** The columns the import reads (decision 0150): a header line to start a file from. */
export const IMPORT_TEMPLATE_HEADER =
  'title,eventType,startDate,endDate,description,category,venueName,street,city,postalCode,country,maxAttendees,waitingListEnabled,isFree,basePrice,memberPrice,currency';

/** Whether a chosen file looks like a CSV the import takes (by name or type), and is within 5 MiB. */
export function checkImportFile(file: { name: string; type: string; size: number }): 'ok' | 'type' | 'size' {
  if (file.size > 5 * 1024 * 1024) return 'size';
  const csv = /\.csv$/i.test(file.name) || file.type === 'text/csv' || file.type === 'application/vnd.ms-excel';
  return csv ? 'ok' : 'type';
}
