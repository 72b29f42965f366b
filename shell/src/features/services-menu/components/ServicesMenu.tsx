import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from '@marketplace/ui/router';
import { categoryPath, SERVICE_CATALOGUE, subcategoryPath } from '@marketplace/contracts';
import { StrokeIcon } from '../../../components/StrokeIcon';

const ALL_SERVICES = '/other-services';

function Chevron({ open }: { open: boolean }) {
  return <StrokeIcon d={open ? 'm6 15 6-6 6 6' : 'm6 9 6 6 6-6'} size={16} strokeWidth={2} />;
}

/**
 * Spec (Header): the Services dropdown of categories with their sub-categories, from the catalogue in
 * contracts. A disclosure (a button that shows a panel of links), not an ARIA menu: links are reached
 * with Tab as anywhere else. Escape or a click elsewhere closes it (Escape gives focus back to the
 * button); leaving it with the keyboard closes it too. Loaded after the first paint: until then the
 * header shows a plain 'Services' link to /other-services in its place.
 */
export function ServicesDropdown() {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div
      className="services-dropdown"
      ref={box}
      onBlur={(event) => {
        if (!box.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        type="button"
        ref={button}
        className="site-nav__link services-dropdown__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
      >
        Services <Chevron open={open} />
      </button>
      {/* Its links exist only while it is open: ~70 fewer nodes on every page. */}
      <div id={panelId} className="services-dropdown__panel" hidden={!open}>
        {open && (
          <>
            <div className="services-dropdown__grid">
              {SERVICE_CATALOGUE.map((category) => (
                <div key={category.categoryname} className="services-dropdown__column">
                  <Link to={categoryPath(category.categoryname)} className="services-dropdown__category">
                    {category.categoryname}
                  </Link>
                  <ul>
                    {category.subcategory.map((name) => (
                      <li key={name}>
                        <Link to={subcategoryPath(name)}>{name}</Link>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
            <Link to={ALL_SERVICES} className="services-dropdown__all">
              Search all services
            </Link>
          </>
        )}
      </div>
    </div>
  );
}

/** Spec (Header, below 992 px): the mobile menu's expandable categories. */
export function ServicesAccordion() {
  const [expanded, setExpanded] = useState<string | null>(null);
  const baseId = useId();
  return (
    <div className="services-accordion">
      <span className="services-accordion__title">Services</span>
      {SERVICE_CATALOGUE.map((category, index) => {
        const open = expanded === category.categoryname;
        const listId = `${baseId}-${index}`;
        return (
          <div key={category.categoryname} className="services-accordion__group">
            <button
              type="button"
              className="services-accordion__toggle"
              aria-expanded={open}
              aria-controls={listId}
              onClick={() => setExpanded(open ? null : category.categoryname)}
            >
              {category.categoryname}
              <Chevron open={open} />
            </button>
            <ul id={listId} hidden={!open}>
              <li>
                <Link to={categoryPath(category.categoryname)} className="services-accordion__all">
                  All of {category.categoryname}
                </Link>
              </li>
              {category.subcategory.map((name) => (
                <li key={name}>
                  <Link to={subcategoryPath(name)}>{name}</Link>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
      <Link to={ALL_SERVICES} className="mobile-menu__link">
        Search all services
      </Link>
    </div>
  );
}
