import { Type } from 'typebox';

/**
 * The fixed service catalogue (spec section 3, "Service catalogue (fixed)"): five categories, each with its
 * sub-categories, spelled and ordered exactly as the spec lists them. Field names follow the wire format
 * (`categoryname`, `subcategory`). Sub-category names are unique across the whole catalogue.
 */
const CATALOGUE = [
  {
    categoryname: 'Build New',
    subcategory: [
      'Architect',
      'Build a cabin',
      'Build a garage',
      'Build a new detached house',
      'Build extension',
      'Build superstructure',
      'Building application',
      'Contractor',
      'Project Manager',
    ],
  },
  {
    categoryname: 'Craftsman',
    subcategory: [
      'Carpenter',
      'Electrician',
      'Landscape gardener',
      'Machine contractor',
      'Painter',
      'Plumber',
      'Roofing',
      'Tiler',
      'Walls',
    ],
  },
  {
    categoryname: 'House and Garden',
    subcategory: [
      'Asphalting',
      'Clothing',
      'Demolition',
      'Facade',
      'Facade washing',
      'Fence and gate',
      'Gardening',
      'Groundwork',
      'Insulation',
      'Landscape architect',
      'Masonry and concrete',
      'Painting housing',
      'Paving stone',
      'Pergola',
      'Pipe and chimney',
      'Platting and terrace',
      'Roof',
      'Tree felling',
      'Water and wastewater',
      'Window and door',
      'Winter garden',
      'Wood stove',
    ],
  },
  {
    categoryname: 'Interior Renovation',
    subcategory: [
      'Dormitory/rental unit',
      'Fireplace/Fireplace',
      'Floor studding',
      'Heat and energy',
      'Interior architect',
      'Lay floor',
      'Membrane',
      'Microcement',
      'Painting/wallpapering',
      'Refurbish the attic',
      'Refurbish the basement',
      'Refurbish the kitchen',
      'Refurbish the laundry room',
      'Refurbish the living room',
      'Renovate apartment',
      'Renovate the bathroom',
      'Staircase',
      'Tiling',
      'Wet room covering',
    ],
  },
  {
    categoryname: 'Services',
    subcategory: [
      'Alarm and security',
      'Car and car workshop',
      'Cleaning',
      'Electric car charger',
      'Electrician services',
      'Heat pump',
      'Installation and assembly',
      'Locksmith',
      'Mechanical workshop',
      'Moving agency',
      'Moving laundry',
      'Pest control',
      'Rental',
      'Solar panel',
      'Sun protection',
      'Tariff',
      'Transportation',
      'Waste management',
    ],
  },
] as const;

export type CategoryName = (typeof CATALOGUE)[number]['categoryname'];
export type SubcategoryName = (typeof CATALOGUE)[number]['subcategory'][number];

export interface ServiceCategory {
  categoryname: string;
  subcategory: readonly string[];
}

/** The catalogue itself, deeply frozen at runtime. */
export const SERVICE_CATALOGUE: ReadonlyArray<ServiceCategory> = Object.freeze(
  CATALOGUE.map((entry) =>
    Object.freeze({ categoryname: entry.categoryname, subcategory: Object.freeze([...entry.subcategory]) }),
  ),
);

/** The five category names, in catalogue order. */
export const CATEGORY_NAMES: readonly CategoryName[] = Object.freeze(CATALOGUE.map((c) => c.categoryname));

/** Every sub-category name, in catalogue order (category by category). */
export const ALL_SUBCATEGORIES: readonly SubcategoryName[] = Object.freeze(
  CATALOGUE.flatMap((c): SubcategoryName[] => [...c.subcategory]),
);

const categoryBySubcategory: ReadonlyMap<string, CategoryName> = new Map(
  CATALOGUE.flatMap((c) => c.subcategory.map((s): [string, CategoryName] => [s, c.categoryname])),
);
const categorySet: ReadonlySet<string> = new Set(CATEGORY_NAMES);

/** Exact (case-sensitive) match against the five category names. */
export function isCategoryName(name: unknown): name is CategoryName {
  return typeof name === 'string' && categorySet.has(name);
}

/** Exact (case-sensitive) match against the catalogue's sub-category names. */
export function isSubcategoryName(name: unknown): name is SubcategoryName {
  return typeof name === 'string' && categoryBySubcategory.has(name);
}

/** The category a sub-category belongs to, or undefined for an unknown name (exact match). */
export function categoryOfSubcategory(name: string): CategoryName | undefined {
  return categoryBySubcategory.get(name);
}

/**
 * Sub-categories of the chosen categories (registration modal, step 2), in catalogue order.
 * Unknown names are ignored; duplicates in the input do not duplicate the output.
 */
export function subcategoriesOf(categoryNames: readonly string[]): SubcategoryName[] {
  const chosen = new Set(categoryNames);
  return CATALOGUE.filter((c) => chosen.has(c.categoryname)).flatMap((c): SubcategoryName[] => [
    ...c.subcategory,
  ]);
}

/**
 * Canonical spelling of a category name given in any casing (landing-page links use e.g. 'plumber'),
 * or undefined when it is not a category.
 */
export function canonicalCategoryName(name: string): CategoryName | undefined {
  const lower = name.trim().toLowerCase();
  return CATEGORY_NAMES.find((c) => c.toLowerCase() === lower);
}

/** Canonical spelling of a sub-category name given in any casing (e.g. 'waste management'), or undefined. */
export function canonicalSubcategoryName(name: string): SubcategoryName | undefined {
  const lower = name.trim().toLowerCase();
  return ALL_SUBCATEGORIES.find((s) => s.toLowerCase() === lower);
}

/** Front-end path of a category landing page: /category/{name}, name URL-encoded. */
export function categoryPath(name: string): string {
  return `/category/${encodeURIComponent(name)}`;
}

/** Front-end path of a sub-category landing page: /sub-category/{name}, name URL-encoded. */
export function subcategoryPath(name: string): string {
  return `/sub-category/${encodeURIComponent(name)}`;
}

export interface CatalogueSearchResult {
  kind: 'category' | 'sub-category';
  name: string;
  path: string;
}

/**
 * Home search (spec section 2): case-insensitive substring match over all category and sub-category
 * names. Categories come first, then sub-categories, each in catalogue order. A blank query matches nothing.
 */
export function searchCatalogue(query: string): CatalogueSearchResult[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [];
  const categories = CATEGORY_NAMES.filter((c) => c.toLowerCase().includes(needle)).map(
    (name): CatalogueSearchResult => ({ kind: 'category', name, path: categoryPath(name) }),
  );
  const subcategories = ALL_SUBCATEGORIES.filter((s) => s.toLowerCase().includes(needle)).map(
    (name): CatalogueSearchResult => ({ kind: 'sub-category', name, path: subcategoryPath(name) }),
  );
  return [...categories, ...subcategories];
}

/** Request-validation schema: one of the five category names (JSON Schema `enum`). */
export const CategoryNameSchema = /* @__PURE__ */ Type.Enum(CATEGORY_NAMES);

/** Request-validation schema: one of the catalogue's sub-category names (JSON Schema `enum`). */
export const SubcategoryNameSchema = /* @__PURE__ */ Type.Enum(ALL_SUBCATEGORIES);
