export { MemoryView, type MemoryViewProps } from './MemoryView';
