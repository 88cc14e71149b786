/** Timestamps are stored and sent as ISO 8601 UTC with milliseconds (fixed width, so text order is time order). */
export const nowIso = (): string => new Date().toISOString();

/** Paging arithmetic shared by every paged list. */
export function pageWindow(page: number, perPage: number): { offset: number; limit: number } {
  return { offset: (page - 1) * perPage, limit: perPage };
}

export function paged<T>(items: T[], total: number, page: number, perPage: number) {
  return { items, total, page, per_page: perPage, pages: Math.ceil(total / perPage) };
}
