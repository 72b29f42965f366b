import { Link } from 'react-router-dom';
import { PlaceholderPage } from '@marketplace/ui';

export default function SignupPage() {
  return (
    <PlaceholderPage
      eyebrow="Account"
      title="Sign up"
      lead="Post your job. Let trusted companies handle the rest."
      points={[
        'Name, email and password',
        'Password confirmation',
        'Free to join: posting a job costs nothing',
      ]}
    >
      <p className="page-links">
        Already have an account? <Link to="/login">Sign In</Link>
      </p>
    </PlaceholderPage>
  );
}
