/**
 * The data set format shared by the generator and the checked-in fixtures: the CMS's rows with
 * explicit ids, GMT dates as `YYYY-MM-DD HH:MM:SS`, meta as string maps, and plain passwords that
 * the loader hashes.
 */

export interface SeedUser {
  id: number;
  user_login: string;
  user_email: string;
  user_nicename: string;
  display_name: string;
  role: string;
  user_registered: string;
  /** The change stamp read by `since`; defaults to user_registered. */
  modified_gmt?: string;
  password: string;
  user_url?: string;
  meta: Record<string, string>;
}

export interface SeedTerm {
  term_id: number;
  taxonomy: string;
  name: string;
  slug: string;
  parent: number | null;
}

export interface SeedPost {
  id: number;
  post_type: string;
  post_status: string;
  post_author: number | null;
  post_title: string;
  post_content?: string;
  post_excerpt?: string;
  post_name: string;
  post_parent?: number | null;
  menu_order?: number;
  post_date_gmt: string;
  /** Defaults to post_date_gmt. */
  post_modified_gmt?: string;
  meta?: Record<string, string>;
  terms?: number[];
}

export interface SeedDeeplinkKey {
  key: string;
  user_id: number;
  expires_gmt: string;
}

export interface SiteData {
  /** The UTC offset the local times of this data set (event meta) were written in. */
  timezone?: string;
  users: Iterable<SeedUser>;
  terms: Iterable<SeedTerm>;
  posts: Iterable<SeedPost>;
  deeplink_keys?: Iterable<SeedDeeplinkKey>;
}
