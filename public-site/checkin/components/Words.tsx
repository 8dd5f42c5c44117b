// Messages whose placeholders hold elements: codes, times, seats and device names isolated left to right
// inside Arabic sentences (public-site's Filled and Ltr).
export { Filled, Ltr } from '../../components/Filled.tsx';
