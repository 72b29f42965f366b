import { PlaceholderPage } from '@marketplace/ui';

export default function EditProfilePage() {
  return (
    <PlaceholderPage
      eyebrow="Account"
      title="Edit profile"
      lead="Keep your photo, contact details and description up to date."
      points={[
        'Profile photo',
        'Name, contact number, address and postal code',
        'Company description and CAC number (read-only)',
      ]}
    />
  );
}
