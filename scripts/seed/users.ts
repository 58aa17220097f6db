/** The seed creates users exactly as the API does (Cognito user + record), through one module. */
export {
  createUserAccount as createUser,
  type NewUserAccount as NewUser,
} from '../../functions/lib/users/user-accounts';
