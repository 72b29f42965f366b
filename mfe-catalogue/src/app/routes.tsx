// Exposed as `catalogue/routes`: the pages the shell routes to (see @marketplace/ui REMOTE_PAGES).
import { lazy, Suspense, type ComponentType } from 'react';
import { staticCataloguePage, type StaticPageKey } from '@marketplace/page-head';
import { PendingPage, Skeleton, type RemotePages, type RemoteRoutesModule } from '@marketplace/ui';
import { usePageHead } from '@marketplace/ui/head';
import '../features/home/components/catalogue.css';
import { HomePage } from '../features/home/components/HomePage';
import {
  AboutUsPage,
  OtherServicesPage,
  PrivacyPolicyPage,
  TermsPage,
} from '../features/info/components/InfoPages';

/**
 * Pages other than home load with their own chunk when first shown: the home page, the way in for most
 * visitors, does not download the forms (react-hook-form, the field rules), the company grid or the
 * profile. The main area keeps its height meanwhile (the shell's layout), so nothing below moves.
 */
function lazyPage(load: () => Promise<ComponentType>): ComponentType {
  const Page = lazy(async () => ({ default: await load() }));
  function LazyPage() {
    return (
      <Suspense
        fallback={
          <PendingPage fallback={<Skeleton lines={6} className="ui-container catalogue-page-loading" />} />
        }
      >
        <Page />
      </Suspense>
    );
  }
  return LazyPage;
}

const landing = () => import(/* webpackChunkName: "landing" */ '../features/landing/components/LandingPage');
const CategoryPage = lazyPage(async () => (await landing()).CategoryPage);
const SubCategoryPage = lazyPage(async () => (await landing()).SubCategoryPage);
const CompanyProfilePage = lazyPage(
  async () =>
    (
      await import(
        /* webpackChunkName: "company-profile" */ '../features/company-profile/components/CompanyProfilePage'
      )
    ).CompanyProfilePage,
);
const ContactUsPage = lazyPage(
  async () =>
    (await import(/* webpackChunkName: "contact" */ '../features/contact/components/ContactUsPage'))
      .ContactUsPage,
);

/**
 * A page whose head (title, description, canonical, Open Graph) is fixed: it comes from
 * @marketplace/page-head, where the edge reads it too. Category, sub-category and company pages set their own from their data.
 */
function withStaticHead(key: StaticPageKey, Page: ComponentType): ComponentType {
  function PageWithHead() {
    usePageHead(staticCataloguePage(key).head);
    return <Page />;
  }
  PageWithHead.displayName = `WithHead(${key})`;
  return PageWithHead;
}

export const pages: RemotePages<'catalogue'> = {
  home: withStaticHead('home', HomePage),
  contactUs: withStaticHead('contactUs', ContactUsPage),
  privacyPolicy: withStaticHead('privacyPolicy', PrivacyPolicyPage),
  terms: withStaticHead('terms', TermsPage),
  aboutUs: withStaticHead('aboutUs', AboutUsPage),
  otherServices: withStaticHead('otherServices', OtherServicesPage),
  category: CategoryPage,
  subCategory: SubCategoryPage,
  companyProfile: CompanyProfilePage,
};

const routesModule: RemoteRoutesModule<'catalogue'> = { pages };
export default routesModule;
