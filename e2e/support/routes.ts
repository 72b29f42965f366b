/** Every remote route of the spec and the remote that must render it. */
export const REMOTE_ROUTES: Array<[path: string, remote: string]> = [
  ['/', 'catalogue'],
  ['/contactus', 'catalogue'],
  ['/privacy-policy', 'catalogue'],
  ['/termsandcondition', 'catalogue'],
  ['/aboutus', 'catalogue'],
  ['/other-services', 'catalogue'],
  ['/category/Craftsman', 'catalogue'],
  ['/sub-category/Cleaning', 'catalogue'],
  ['/company-profile', 'catalogue'],
  ['/jobpost', 'jobs'],
  ['/jobapply/Craftsman', 'jobs'],
  ['/dashboard', 'jobs'],
  ['/payment/callback?trxref=T1&reference=T1', 'jobs'],
  ['/chat', 'chat'],
  ['/newchat', 'chat'],
  ['/allusers', 'admin'],
  ['/alljobs', 'admin'],
];

export const SHELL_ROUTES = ['/login', '/signup', '/register', '/edit-profile'];
