import { useLocation, useParams } from 'react-router-dom';
import { PlaceholderPage } from '@marketplace/ui';
import { SERVICE_CATALOGUE } from '@marketplace/contracts';

export function PrivacyPolicyPage() {
  return (
    <PlaceholderPage
      remote="catalogue"
      eyebrow="Legal"
      title="Privacy Policy"
      lead="How we collect, use and protect your personal data. Last updated June 27, 2025."
    />
  );
}

export function TermsPage() {
  return (
    <PlaceholderPage
      remote="catalogue"
      eyebrow="Legal"
      title="Terms and Conditions"
      lead="The rules for using the marketplace as a customer or a company. Last updated June 27, 2025."
    />
  );
}

export function AboutUsPage() {
  return (
    <PlaceholderPage
      remote="catalogue"
      eyebrow="About us"
      title="About us"
      lead="Our mission is to let people post their job requirements and receive bids from qualified professionals."
    />
  );
}

export function OtherServicesPage() {
  return (
    <PlaceholderPage
      remote="catalogue"
      eyebrow="Browse"
      title="All services"
      lead="Browse every service we offer, from a quick repair to building a new house."
      points={SERVICE_CATALOGUE.map(
        (category) => `${category.categoryname}: ${category.subcategory.length} services`,
      )}
    />
  );
}

function useTypeParam(): string {
  const { type = '' } = useParams();
  return type;
}

export function CategoryPage() {
  const type = useTypeParam();
  return (
    <PlaceholderPage
      remote="catalogue"
      eyebrow="Category"
      title={type}
      lead={`Explore the companies doing ${type} and the jobs open in this category.`}
      points={[
        'What the service covers and what it usually costs',
        `Companies doing ${type}, with photos and reviews`,
        `Open ${type} jobs you can apply to`,
      ]}
    />
  );
}

export function SubCategoryPage() {
  const type = useTypeParam();
  return (
    <PlaceholderPage
      remote="catalogue"
      eyebrow="Service"
      title={type}
      lead={`Find vetted companies for ${type} and post your job for free.`}
      points={['A short guide to the service', `Companies doing ${type}`, `Open ${type} jobs`]}
    />
  );
}

export function CompanyProfilePage() {
  const state = useLocation().state as { name?: unknown } | null;
  const name = typeof state?.name === 'string' && state.name ? state.name : null;
  return (
    <PlaceholderPage
      remote="catalogue"
      eyebrow="Company profile"
      title={name ?? 'Company profile'}
      lead="Photos, services, contact options and reviews from customers who hired this company."
    />
  );
}
