/** A retailer as a person names it: one table for every context, in src/shared. */
export { retailerName } from '../shared/retailer-names.ts';
