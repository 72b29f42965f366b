import { SERVICE_CATALOGUE, categoryPath, subcategoryPath } from '@marketplace/contracts';

export interface ServiceGroup {
  category: string;
  categoryPath: string;
  services: ReadonlyArray<{ name: string; path: string }>;
}

/**
 * The catalogue's five categories with the sub-categories whose name contains `query` (case-insensitive
 * substring; a blank query keeps them all). Categories left without a match are dropped; order is the
 * catalogue's.
 */
export function filterServices(query: string): ServiceGroup[] {
  const needle = query.trim().toLowerCase();
  return SERVICE_CATALOGUE.map((category) => ({
    category: category.categoryname,
    categoryPath: categoryPath(category.categoryname),
    services: category.subcategory
      .filter((name) => name.toLowerCase().includes(needle))
      .map((name) => ({ name, path: subcategoryPath(name) })),
  })).filter((group) => group.services.length > 0);
}
