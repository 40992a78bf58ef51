import type { Pool } from 'pg';
import type { Paging } from '../domain/paging';
import { present } from '../domain/present';

export interface EnquiryRow {
  id: number;
  user_id: number | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: string;
  created_at: Date;
}

/** Contact-form enquiries. */
export class EnquiriesStore {
  constructor(private readonly pool: Pool) {}

  async create(enquiry: Omit<EnquiryRow, 'id' | 'status'>): Promise<EnquiryRow> {
    const result = await this.pool.query<EnquiryRow>(
      `INSERT INTO enquiries (user_id, name, email, subject, message, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [enquiry.user_id, enquiry.name, enquiry.email, enquiry.subject, enquiry.message, enquiry.created_at],
    );
    return present(result.rows[0], 'the inserted enquiry');
  }

  async list(paging: Paging, status?: string): Promise<{ rows: EnquiryRow[]; total: number }> {
    const where = status ? 'WHERE status = $1' : '';
    const base = status ? [status] : [];
    const [rows, count] = await Promise.all([
      this.pool.query<EnquiryRow>(`SELECT * FROM enquiries ${where} ORDER BY id DESC LIMIT $${base.length + 1} OFFSET $${base.length + 2}`, [
        ...base,
        paging.perPage,
        paging.offset,
      ]),
      this.pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM enquiries ${where}`, base),
    ]);
    return { rows: rows.rows, total: count.rows[0]?.total ?? 0 };
  }

  async setStatus(id: number, status: string): Promise<EnquiryRow | undefined> {
    const result = await this.pool.query<EnquiryRow>(`UPDATE enquiries SET status = $2 WHERE id = $1 RETURNING *`, [id, status]);
    return result.rows[0];
  }
}
