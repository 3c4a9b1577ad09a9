export default function FileHasherPage() {
  return null;
}
