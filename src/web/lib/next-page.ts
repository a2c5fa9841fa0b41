/** A page of a list as the API answers it (`{ data, meta: { total, page } }`, docs/domain/api.md). */
interface ListPage {
  data: readonly unknown[];
  meta: { total: number; page: number };
}

/**
 * « Charger plus »: the next page to ask for, or none once every row of the total is on screen (or a
 * page came back empty, the total having shrunk meanwhile). `getNextPageParam` of every list.
 */
export function nextPage(last: ListPage, pages: readonly ListPage[]): number | undefined {
  const loaded = pages.reduce((n, page) => n + page.data.length, 0);
  return loaded < last.meta.total && last.data.length > 0 ? last.meta.page + 1 : undefined;
}
