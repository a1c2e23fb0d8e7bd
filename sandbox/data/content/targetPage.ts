/** A page a real market site has beyond its menus; `brand` makes it a brand page (teaser of that brand's cars). */
export interface TargetPage {
  path: string;
  name: string;
  brand?: string;
  /** With `brand`: the stock condition the page's teaser and its link show (the index's word). */
  condition?: string;
}
