/** Progress of one upload as the screen shows it. */
export interface UploadProgress {
  /** 0–100, whole numbers; 100 only once the server answered (the bytes sent are not the end). */
  percent: number;
  loaded: number;
  total: number;
  /** Bytes per second over the upload so far (0 until measurable). */
  rate: number;
  /** Seconds left at that rate, undefined while unknown. */
  secondsLeft?: number;
}

/**
 * The progress for `loaded` of `total` bytes sent after `elapsedMs`: sending counts up to 99 %
 * (the server still stores and answers), and `done` makes it 100 %. Robust to an unknown total
 * (0) and to `loaded` past `total` (multipart overhead).
 */
export function uploadProgress(loaded: number, total: number, elapsedMs: number, done = false): UploadProgress {
  const safeTotal = Math.max(0, total);
  const safeLoaded = Math.max(0, Math.min(loaded, safeTotal || loaded));
  if (done) return { percent: 100, loaded: safeTotal || safeLoaded, total: safeTotal || safeLoaded, rate: rateOf(safeLoaded, elapsedMs), secondsLeft: 0 };
  const fraction = safeTotal > 0 ? safeLoaded / safeTotal : 0;
  const percent = Math.min(99, Math.floor(fraction * 100));
  const rate = rateOf(safeLoaded, elapsedMs);
  const secondsLeft = rate > 0 && safeTotal > 0 ? Math.ceil((safeTotal - safeLoaded) / rate) : undefined;
  return { percent, loaded: safeLoaded, total: safeTotal, rate, secondsLeft };
}

function rateOf(loaded: number, elapsedMs: number): number {
  return elapsedMs > 0 ? Math.round((loaded * 1000) / elapsedMs) : 0;
}

/** The documents service's limit per file (the OpenAPI document: 104857600 bytes, 413 beyond). */
export const MAX_DOCUMENT_BYTES = 100 * 1024 * 1024;

export const ACCESS_LEVELS = ['PUBLIC', 'MEMBERS_ONLY', 'PRIVATE'] as const;

export interface FolderNode {
  id: string;
  name: string;
  parentFolderId?: string | null;
  children: FolderNode[];
  depth: number;
}

/** The flat folder list as a tree, siblings by name; folders whose parent is gone sit at the top. */
export function folderTree(folders: Array<{ id?: string; name?: string; parentFolderId?: string | null }>): FolderNode[] {
  const nodes = new Map<string, FolderNode>();
  for (const f of folders) if (f.id) nodes.set(f.id, { id: f.id, name: f.name ?? '', parentFolderId: f.parentFolderId ?? null, children: [], depth: 0 });
  const roots: FolderNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentFolderId ? nodes.get(node.parentFolderId) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const order = (list: FolderNode[], depth: number) => {
    list.sort((a, b) => a.name.localeCompare(b.name));
    for (const n of list) {
      n.depth = depth;
      order(n.children, depth + 1);
    }
  };
  order(roots, 0);
  return roots;
}

/** The tree in display order (depth-first), for a list with indentation. */
export function flattenTree(nodes: FolderNode[]): FolderNode[] {
  return nodes.flatMap((n) => [n, ...flattenTree(n.children)]);
}
