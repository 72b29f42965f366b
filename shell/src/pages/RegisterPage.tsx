import { Link } from 'react-router-dom';
import { PlaceholderPage } from '@marketplace/ui';

export default function RegisterPage() {
  return (
    <PlaceholderPage
      eyebrow="For companies"
      title="Register Company"
      lead="Register your company with its CAC number, choose the services you offer and start finding jobs near you."
      points={[
        'Company details, CAC number and address in any of the 37 states',
        'Pick your categories and sub-categories',
        'Apply to jobs and chat with customers once a job is unlocked',
      ]}
    >
      <p className="page-links">
        <Link to="/login">Already registered? Login here</Link>
      </p>
    </PlaceholderPage>
  );
}
