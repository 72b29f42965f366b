// Exposed as `catalogue/routes`: the pages the shell routes to (see @marketplace/ui REMOTE_PAGES).
import type { RemotePages, RemoteRoutesModule } from '@marketplace/ui';
import '../features/home/components/catalogue.css';
import { HomePage } from '../features/home/components/HomePage';
import {
  AboutUsPage,
  OtherServicesPage,
  PrivacyPolicyPage,
  TermsPage,
} from '../features/info/components/InfoPages';
import { CategoryPage, SubCategoryPage } from '../features/landing/components/LandingPage';
import { CompanyProfilePage } from '../features/company-profile/components/CompanyProfilePage';
import { ContactUsPage } from '../features/contact/components/ContactUsPage';

export const pages: RemotePages<'catalogue'> = {
  home: HomePage,
  contactUs: ContactUsPage,
  privacyPolicy: PrivacyPolicyPage,
  terms: TermsPage,
  aboutUs: AboutUsPage,
  otherServices: OtherServicesPage,
  category: CategoryPage,
  subCategory: SubCategoryPage,
  companyProfile: CompanyProfilePage,
};

const routesModule: RemoteRoutesModule<'catalogue'> = { pages };
export default routesModule;
