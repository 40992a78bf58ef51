import { useState } from 'react';

/**
 * A form's values edited over loaded data: the data's own values (`init`) until the person changes
 * something, then their draft. No effect copies data into state (a reload keeps the draft).
 */
export function useDraft<T, F>(data: T | undefined, init: (data: T) => F): [F | undefined, (next: F) => void] {
  const [draft, setDraft] = useState<F>();
  return [draft ?? (data !== undefined ? init(data) : undefined), setDraft];
}
