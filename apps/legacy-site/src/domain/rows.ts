/** Rows as the store reads them: the CMS tables with each row's meta folded into a map. */

export type Meta = Record<string, string>;

export interface UserRow {
  id: number;
  user_login: string;
  user_nicename: string;
  user_email: string;
  user_url: string;
  user_registered: Date;
  display_name: string;
  role: string;
  modified_at: Date;
  meta: Meta;
}

export interface PostRow {
  id: number;
  post_type: string;
  post_status: string;
  post_author: number | null;
  post_title: string;
  post_content: string;
  post_excerpt: string;
  post_name: string;
  post_parent: number | null;
  menu_order: number;
  post_date_gmt: Date;
  modified_at: Date;
  meta: Meta;
}

export interface TermRow {
  term_id: number;
  taxonomy: string;
  name: string;
  slug: string;
  parent: number | null;
}

export interface AuthorRow {
  id: number;
  display_name: string;
  user_email: string;
}

/** An attachment post used as a featured image. */
export interface ImageRow {
  id: number;
  file: string;
  width: number;
  height: number;
  mime_type: string;
}

/** What a post record needs besides the post itself, loaded for a whole page at once. */
export interface PostRelations {
  /** Terms of each post id. */
  termsByPost: Map<number, TermRow[]>;
  /** Every term of the taxonomies involved, for ancestor paths. */
  termsById: Map<number, TermRow>;
  authors: Map<number, AuthorRow>;
  images: Map<number, ImageRow>;
}

export function emptyRelations(): PostRelations {
  return { termsByPost: new Map(), termsById: new Map(), authors: new Map(), images: new Map() };
}
