import './styles.css';

export * from './federation';
export { BRAND } from './brand';
export { Logo } from './Logo';
export { Button, ButtonLink, buttonClass, type ButtonVariant, type ButtonSize } from './Button';
export { Skeleton } from './Skeleton';
export { PlaceholderPage, type PlaceholderPageProps } from './PlaceholderPage';
