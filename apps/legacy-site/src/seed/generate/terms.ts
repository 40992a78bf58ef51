import type { SeedTerm } from '../site-data';
import * as V from '../vocabulary';
import { slugify } from './slugs';

export interface Folders {
  terms: SeedTerm[];
  byTaxonomy: Record<string, number[]>;
}

/** Categories, tags and the three folder trees of documents, policies and recalls (always the same). */
export function buildTerms(): { terms: SeedTerm[]; categories: number[]; tags: number[]; folders: Folders } {
  const terms: SeedTerm[] = [];
  let id = 0;
  const add = (taxonomy: string, name: string, parent: number | null = null) => {
    id += 1;
    terms.push({ term_id: id, taxonomy, name, slug: slugify(name), parent });
    return id;
  };
  const categories = V.CATEGORIES.map((name) => add('category', name));
  const tags = V.TAGS.map((name) => add('post_tag', name));
  const folderTerms: Record<string, number[]> = { document_folder: [], policy_folder: [], recall_folder: [] };
  const folder = (taxonomy: string, name: string, parent: number | null = null) => {
    const termId = add(taxonomy, name, parent);
    (folderTerms[taxonomy] ??= []).push(termId);
    return termId;
  };
  const board = folder('document_folder', 'Board');
  const minutes = folder('document_folder', 'Minutes', board);
  folder('document_folder', '2024', minutes);
  folder('document_folder', '2025', minutes);
  folder('document_folder', 'Agendas', board);
  folder('document_folder', 'Forms &amp; Templates');
  const guides = folder('document_folder', 'Guides');
  folder('document_folder', 'Member Guides', guides);
  const governance = folder('policy_folder', 'Governance');
  folder('policy_folder', 'Constitution', governance);
  folder('policy_folder', 'Workplace');
  const recalls = folder('recall_folder', 'Product Recalls');
  folder('recall_folder', '2024', recalls);
  folder('recall_folder', '2025', recalls);
  folder('recall_folder', 'Safety Notices');
  return { terms, categories, tags, folders: { terms, byTaxonomy: folderTerms } };
}
