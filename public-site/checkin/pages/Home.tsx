// /check-in: sign in, or the trips.
import { useApp } from '../lib/app-context.ts';
import { SignIn } from './SignIn.tsx';
import { TripList } from './TripList.tsx';

export function Home() {
  const { user } = useApp();
  return user ? <TripList /> : <SignIn />;
}
