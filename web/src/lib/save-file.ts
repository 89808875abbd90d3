import type { DownloadedFile } from './api-client'

/**
 * Hands a downloaded file to the browser as a download under the server's file name. Browser
 * only (an event handler's follow-up).
 */
export function saveFile(file: DownloadedFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob)
  const link = document.createElement('a')
  link.href = url
  link.download = file.filename ?? fallbackName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // The download has started from the URL; give it a moment before releasing the bytes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
