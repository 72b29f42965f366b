// The values of the account pages' forms (what react-hook-form holds; the API bodies are in contracts).

export interface LoginForm {
  email: string;
  password: string;
}

export interface SignupForm {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export interface RegisterForm {
  name: string;
  email: string;
  phoneNumber: string;
  cacnumber: string;
  address: string;
  state: string;
  pincode: string;
  password: string;
  /** The categories chosen in the category dialog (not a text field: the dialog writes it). */
  category: string[];
}

export interface ForgotForm {
  email: string;
}

export interface ResetForm {
  password: string;
  confirmPassword: string;
}
