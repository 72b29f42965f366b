import { Value } from 'typebox/value';
import {
  ALL_SUBCATEGORIES,
  CATEGORY_NAMES,
  CategoryNameSchema,
  SERVICE_CATALOGUE,
  SubcategoryNameSchema,
  canonicalCategoryName,
  canonicalSubcategoryName,
  categoryOfSubcategory,
  isCategoryName,
  isSubcategoryName,
  searchCatalogue,
  subcategoriesOf,
} from './catalogue';

describe('service catalogue', () => {
  it('has the five categories in spec order', () => {
    expect(CATEGORY_NAMES).toEqual([
      'Build New',
      'Craftsman',
      'House and Garden',
      'Interior Renovation',
      'Services',
    ]);
    expect(SERVICE_CATALOGUE.map((c) => c.categoryname)).toEqual(CATEGORY_NAMES);
  });

  it('has the spec sub-category counts per category', () => {
    expect(SERVICE_CATALOGUE.map((c) => c.subcategory.length)).toEqual([9, 9, 22, 19, 18]);
    expect(ALL_SUBCATEGORIES).toHaveLength(77);
  });

  it('has no duplicate names, across categories and sub-categories', () => {
    expect(new Set(ALL_SUBCATEGORIES).size).toBe(ALL_SUBCATEGORIES.length);
    expect(new Set([...CATEGORY_NAMES, ...ALL_SUBCATEGORIES]).size).toBe(
      CATEGORY_NAMES.length + ALL_SUBCATEGORIES.length,
    );
  });

  it('keeps the spec spelling and order', () => {
    const interior = SERVICE_CATALOGUE[3]!.subcategory;
    expect(interior.slice(0, 2)).toEqual(['Dormitory/rental unit', 'Fireplace/Fireplace']);
    expect(interior[interior.length - 1]).toBe('Wet room covering');
    expect(SERVICE_CATALOGUE[4]!.subcategory[17]).toBe('Waste management');
    expect(SERVICE_CATALOGUE[0]!.subcategory[0]).toBe('Architect');
    expect(SERVICE_CATALOGUE[2]!.subcategory[21]).toBe('Wood stove');
  });

  it('is frozen', () => {
    expect(Object.isFrozen(SERVICE_CATALOGUE)).toBe(true);
    expect(Object.isFrozen(SERVICE_CATALOGUE[0])).toBe(true);
    expect(Object.isFrozen(SERVICE_CATALOGUE[0]!.subcategory)).toBe(true);
  });
});

describe('catalogue helpers', () => {
  it('recognises names exactly', () => {
    expect(isCategoryName('Craftsman')).toBe(true);
    expect(isCategoryName('craftsman')).toBe(false);
    expect(isCategoryName('Plumber')).toBe(false);
    expect(isSubcategoryName('Plumber')).toBe(true);
    expect(isSubcategoryName('waste management')).toBe(false);
    expect(isSubcategoryName(42)).toBe(false);
  });

  it('finds the category of a sub-category', () => {
    expect(categoryOfSubcategory('Plumber')).toBe('Craftsman');
    expect(categoryOfSubcategory('Waste management')).toBe('Services');
    expect(categoryOfSubcategory('Fireplace/Fireplace')).toBe('Interior Renovation');
    expect(categoryOfSubcategory('Nope')).toBeUndefined();
  });

  it('lists sub-categories of chosen categories in catalogue order, ignoring unknowns', () => {
    expect(subcategoriesOf([])).toEqual([]);
    expect(subcategoriesOf(['Craftsman'])).toEqual(SERVICE_CATALOGUE[1]!.subcategory);
    const both = subcategoriesOf(['Services', 'Build New', 'Unknown', 'Services']);
    expect(both).toEqual([...SERVICE_CATALOGUE[0]!.subcategory, ...SERVICE_CATALOGUE[4]!.subcategory]);
  });

  it('canonicalises names in any casing', () => {
    expect(canonicalCategoryName('house and garden')).toBe('House and Garden');
    expect(canonicalCategoryName('plumber')).toBeUndefined();
    expect(canonicalSubcategoryName('waste management')).toBe('Waste management');
    expect(canonicalSubcategoryName('ARCHITECT')).toBe('Architect');
  });
});

describe('searchCatalogue', () => {
  it('matches case-insensitive substrings over categories and sub-categories, categories first', () => {
    const results = searchCatalogue('GARDEN');
    expect(results).toEqual([
      { kind: 'category', name: 'House and Garden', path: '/category/House%20and%20Garden' },
      { kind: 'sub-category', name: 'Landscape gardener', path: '/sub-category/Landscape%20gardener' },
      { kind: 'sub-category', name: 'Gardening', path: '/sub-category/Gardening' },
      { kind: 'sub-category', name: 'Winter garden', path: '/sub-category/Winter%20garden' },
    ]);
  });

  it('URL-encodes names in the path', () => {
    expect(searchCatalogue('dormitory')).toEqual([
      {
        kind: 'sub-category',
        name: 'Dormitory/rental unit',
        path: '/sub-category/Dormitory%2Frental%20unit',
      },
    ]);
    expect(searchCatalogue('build new')[0]).toEqual({
      kind: 'category',
      name: 'Build New',
      path: '/category/Build%20New',
    });
  });

  it('returns nothing for a blank or unmatched query', () => {
    expect(searchCatalogue('')).toEqual([]);
    expect(searchCatalogue('   ')).toEqual([]);
    expect(searchCatalogue('xyzzy')).toEqual([]);
  });
});

describe('catalogue schemas', () => {
  it('accept catalogue names only', () => {
    expect(Value.Check(CategoryNameSchema, 'Interior Renovation')).toBe(true);
    expect(Value.Check(CategoryNameSchema, 'interior renovation')).toBe(false);
    expect(Value.Check(SubcategoryNameSchema, 'Pest control')).toBe(true);
    expect(Value.Check(SubcategoryNameSchema, 'Craftsman')).toBe(false);
    expect(Value.Check(SubcategoryNameSchema, 1)).toBe(false);
  });

  it('serialise to a JSON Schema enum', () => {
    expect(JSON.parse(JSON.stringify(CategoryNameSchema))).toEqual({ enum: [...CATEGORY_NAMES] });
  });
});
