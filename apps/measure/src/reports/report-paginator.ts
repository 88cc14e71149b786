/**
 * Page breaks of the measurements table, decided by one small state machine that runs twice:
 * once over the group sizes alone to count the pages ("Page n of m" is known before the first row
 * is drawn, so nothing is buffered), and once while rendering the streamed rows. Both runs make the
 * same decisions because they are the same code.
 */

export interface TableGeometry {
  /** y where the first page's table body starts (below header, facts and column header). */
  firstBodyTop: number;
  /** y where later pages' table body starts (below running header and column header). */
  bodyTop: number;
  /** lowest y a row may end at (above the footer). */
  bottom: number;
  groupHeight: number;
  rowHeight: number;
}

export type Placement = { newPage: boolean; continued: boolean };

export class Paginator {
  page = 1;
  y: number;

  constructor(private readonly geometry: TableGeometry) {
    this.y = geometry.firstBodyTop;
  }

  /** A group header never sits alone at the bottom of a page: it needs room for one row too. */
  placeGroup(): Placement {
    const { groupHeight, rowHeight } = this.geometry;
    const newPage = this.y + groupHeight + rowHeight > this.geometry.bottom;
    if (newPage) this.turn();
    this.y += groupHeight;
    return { newPage, continued: false };
  }

  /** A row; on a new page the group header is repeated as "continued" first. */
  placeRow(): Placement {
    const { groupHeight, rowHeight } = this.geometry;
    if (this.y + rowHeight <= this.geometry.bottom) {
      this.y += rowHeight;
      return { newPage: false, continued: false };
    }
    this.turn();
    this.y += groupHeight + rowHeight;
    return { newPage: true, continued: true };
  }

  private turn(): void {
    this.page += 1;
    this.y = this.geometry.bodyTop;
  }
}

/** Pages the table will take for groups of these sizes (empty groups are not printed). */
export function countPages(groupSizes: number[], geometry: TableGeometry): number {
  const paginator = new Paginator(geometry);
  for (const size of groupSizes) {
    if (size <= 0) continue;
    paginator.placeGroup();
    for (let i = 0; i < size; i++) paginator.placeRow();
  }
  return paginator.page;
}
