export { FeedbackModal, FEEDBACK_MODAL } from './components/feedback-modal';
