import '@testing-library/react';
