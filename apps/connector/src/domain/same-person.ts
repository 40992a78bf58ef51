/**
 * The sync log's note for a source member the platform linked to the member of another source
 * record (organisation answers SKIP with that record's id): one person, one account, one
 * membership, whose fields come from the other record.
 */
export function samePersonNote(sameAs: string): string {
  return `same person as site user ${sameAs} (the same address but for its case): linked to that member, whose profile comes from site user ${sameAs}`;
}
