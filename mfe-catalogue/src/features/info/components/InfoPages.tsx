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
