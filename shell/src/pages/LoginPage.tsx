import { Link } from 'react-router-dom';
import { PlaceholderPage } from '@marketplace/ui';

export default function LoginPage() {
  return (
    <PlaceholderPage
      eyebrow="Account"
      title="Sign in"
      lead="Sign in with your email and password to post jobs, follow your offers and chat with companies."
      points={[
        'Email and password sign-in, checked as you type',
        'Continue with Facebook',
        'A link to reset a lost password',
      ]}
    >
      <p className="page-links">
        New here? <Link to="/signup">Create an account</Link> or{' '}
        <Link to="/register">register your company</Link>.
      </p>
    </PlaceholderPage>
  );
}
