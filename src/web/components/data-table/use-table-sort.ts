import type { SortOrder } from "@shared/fields";
import { useState } from "react";

/**
 * A list's order as its table's headers set it (docs/architecture.md#office-lists-as-tables): the API's
 * `sort` and `order`. A header sets its sort in that sort's own direction (`own`, the shared
 * `*_SORT_ORDERS`), clicked again the other one. `params` leaves out the default sort and a sort's own
 * direction, so the first list's query key and URL stay those of the cold start.
 */
export function useTableSort<S extends string>(initial: S, own: Readonly<Record<S, SortOrder>>) {
  const [state, setState] = useState<{ sort: S; order?: SortOrder | undefined }>({ sort: initial });
  const order = state.order === own[state.sort] ? undefined : state.order;
  return {
    sort: state.sort,
    /** The direction asked, when not the sort's own. */
    order,
    params: { ...(state.sort === initial ? {} : { sort: state.sort }), ...(order ? { order } : {}) } as {
      sort?: S;
      order?: SortOrder;
    },
    setSort: (sort: S, next?: SortOrder) => setState({ sort, order: next }),
  };
}
