/**
 * Opens a PDF in a new tab. The tab is opened at the click (a tab opened after a wait would be taken for a pop-up and
 * blocked) and shown the PDF once it has arrived; the request carries the session like any other call.
 */
export async function openPdfInTab(fetchPdf: () => Promise<Blob>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(new Blob([await fetchPdf()], { type: 'application/pdf' }));
    if (tab) tab.location.href = url;
    else window.location.href = url;
  } catch (error) {
    tab?.close();
    throw error;
  }
}
